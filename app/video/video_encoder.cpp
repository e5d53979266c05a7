#include "app/video/video_encoder.hpp"

#include <cstdlib>

#ifdef ARTICULAB_HAS_FFMPEG
extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}
#endif

namespace articulab::video {

#ifdef ARTICULAB_HAS_FFMPEG

namespace {

std::string videoAvError(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, text, sizeof text);
  return text;
}

// libx264 by name first: libavcodec may list a hardware H.264 encoder that the machine lacks.
// ARTICULAB_VIDEO_ENCODER names another libavcodec encoder (e.g. mpeg4), or "none" for none (the
// tests of the fallbacks).
const AVCodec* videoFindEncoder() {
  if (const char* forced = std::getenv("ARTICULAB_VIDEO_ENCODER"); forced && *forced) {
    const AVCodec* codec = std::string(forced) == "none" ? nullptr : avcodec_find_encoder_by_name(forced);
    return codec && (codec->id == AV_CODEC_ID_H264 || codec->id == AV_CODEC_ID_MPEG4) ? codec : nullptr;
  }
  if (const AVCodec* x264 = avcodec_find_encoder_by_name("libx264")) return x264;
  if (const AVCodec* h264 = avcodec_find_encoder(AV_CODEC_ID_H264)) return h264;
  return avcodec_find_encoder(AV_CODEC_ID_MPEG4);
}

std::string videoCodecLabel(const AVCodec* codec) {
  return std::string(codec->id == AV_CODEC_ID_H264 ? "H.264" : "MPEG-4 part 2") + " (" + codec->name + ")";
}

class FfmpegVideo final : public FrameSink {
 public:
  ~FfmpegVideo() override { release(); }

  EncoderProblem open(const std::string& path, int width, int height, int fps, std::string& error) {
    path_ = path;
    const AVCodec* codec = videoFindEncoder();
    if (!codec) {
      error = path + ": this FFmpeg (libavcodec " + std::string(AV_STRINGIFY(LIBAVCODEC_VERSION)) +
              ") has no H.264 or MPEG-4 encoder (or ARTICULAB_VIDEO_ENCODER names none of them)";
      return EncoderProblem::NoEncoder;
    }
    label_ = videoCodecLabel(codec);
    if (avformat_alloc_output_context2(&format_, nullptr, nullptr, path.c_str()) < 0 || !format_)
      avformat_alloc_output_context2(&format_, nullptr, "mp4", path.c_str());
    if (!format_) return fail(EncoderProblem::Output, "cannot create an MP4 container", error);
    if (int r = avio_open(&format_->pb, path.c_str(), AVIO_FLAG_WRITE); r < 0)
      return fail(EncoderProblem::Output, "cannot write the file (" + videoAvError(r) + ")", error);
    if (!openCodec(codec, width, height, fps, error)) return EncoderProblem::BadSettings;
    if (int r = avformat_write_header(format_, nullptr); r < 0)
      return fail(EncoderProblem::Output, "cannot write the header (" + videoAvError(r) + ")", error);
    headerWritten_ = true;
    return EncoderProblem::None;
  }

  bool write(const RgbImage& image, std::string& error) override {
    if (image.width != codec_->width || image.height != codec_->height) {
      error = path_ + ": frame of " + std::to_string(image.width) + "x" + std::to_string(image.height) +
              " in a video of " + std::to_string(codec_->width) + "x" + std::to_string(codec_->height);
      return false;
    }
    if (int r = av_frame_make_writable(frame_); r < 0) return failed("frame buffer: " + videoAvError(r), error);
    const std::uint8_t* rows[1] = {image.pixels.data()};
    const int strides[1] = {3 * image.width};
    sws_scale(scaler_, rows, strides, 0, image.height, frame_->data, frame_->linesize);
    frame_->pts = nextPts_++;
    return encode(frame_, error);
  }

  bool finish(std::string& error) override {
    bool ok = encode(nullptr, error);  // drains the encoder's delayed frames
    if (headerWritten_) {
      if (int r = av_write_trailer(format_); r < 0 && ok) ok = failed("cannot finish the file: " + videoAvError(r), error);
      headerWritten_ = false;
    }
    release();
    return ok;
  }

  std::string format() const override { return label_; }

 private:
  bool openCodec(const AVCodec* codec, int width, int height, int fps, std::string& error) {
    stream_ = avformat_new_stream(format_, nullptr);
    codec_ = avcodec_alloc_context3(codec);
    frame_ = av_frame_alloc();
    packet_ = av_packet_alloc();
    if (!stream_ || !codec_ || !frame_ || !packet_) return failed("out of memory for the encoder", error);
    codec_->width = width;
    codec_->height = height;
    codec_->time_base = AVRational{1, fps};
    codec_->framerate = AVRational{fps, 1};
    codec_->pix_fmt = AV_PIX_FMT_YUV420P;
    codec_->gop_size = fps;  // a keyframe every second of video: seeking in players stays quick
    if (format_->oformat->flags & AVFMT_GLOBALHEADER) codec_->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if (codec->id == AV_CODEC_ID_H264) {
      av_opt_set(codec_->priv_data, "preset", "medium", 0);
      av_opt_set(codec_->priv_data, "crf", "18", 0);  // visually lossless for rendered scenes
    } else {
      codec_->flags |= AV_CODEC_FLAG_QSCALE;
      codec_->global_quality = FF_QP2LAMBDA * 3;
    }
    if (int r = avcodec_open2(codec_, codec, nullptr); r < 0)
      return failed(label_ + " refuses " + std::to_string(width) + "x" + std::to_string(height) + " at " +
                        std::to_string(fps) + " fps (" + videoAvError(r) + ")",
                    error);
    if (int r = avcodec_parameters_from_context(stream_->codecpar, codec_); r < 0)
      return failed("stream parameters: " + videoAvError(r), error);
    stream_->time_base = codec_->time_base;
    frame_->format = codec_->pix_fmt;
    frame_->width = width;
    frame_->height = height;
    if (int r = av_frame_get_buffer(frame_, 0); r < 0) return failed("frame buffer: " + videoAvError(r), error);
    scaler_ = sws_getContext(width, height, AV_PIX_FMT_RGB24, width, height, AV_PIX_FMT_YUV420P, SWS_BICUBIC, nullptr,
                             nullptr, nullptr);
    if (!scaler_) return failed("no RGB to YUV 4:2:0 conversion for this size", error);
    return true;
  }

  // Sends a frame (null: end of stream) and writes the packets the encoder has ready.
  bool encode(AVFrame* frame, std::string& error) {
    if (!codec_) return true;
    if (int r = avcodec_send_frame(codec_, frame); r < 0) return failed("encoding: " + videoAvError(r), error);
    for (;;) {
      int r = avcodec_receive_packet(codec_, packet_);
      if (r == AVERROR(EAGAIN) || r == AVERROR_EOF) return true;
      if (r < 0) return failed("encoding: " + videoAvError(r), error);
      if (packet_->duration <= 0) packet_->duration = 1;  // one frame: else MP4's edit list drops the last
      av_packet_rescale_ts(packet_, codec_->time_base, stream_->time_base);
      packet_->stream_index = stream_->index;
      if (int w = av_interleaved_write_frame(format_, packet_); w < 0)
        return failed("writing: " + videoAvError(w) + " (disk full?)", error);
    }
  }

  bool failed(const std::string& why, std::string& error) {
    error = path_ + ": " + why;
    return false;
  }
  EncoderProblem fail(EncoderProblem problem, const std::string& why, std::string& error) {
    failed(why, error);
    return problem;
  }

  void release() {
    if (scaler_) sws_freeContext(scaler_);
    scaler_ = nullptr;
    av_packet_free(&packet_);
    av_frame_free(&frame_);
    avcodec_free_context(&codec_);
    if (format_) {
      if (format_->pb) avio_closep(&format_->pb);
      avformat_free_context(format_);
      format_ = nullptr;
    }
  }

  std::string path_, label_;
  AVFormatContext* format_ = nullptr;
  AVStream* stream_ = nullptr;
  AVCodecContext* codec_ = nullptr;
  AVFrame* frame_ = nullptr;
  AVPacket* packet_ = nullptr;
  SwsContext* scaler_ = nullptr;
  std::int64_t nextPts_ = 0;
  bool headerWritten_ = false;
};

}  // namespace

std::string availableVideoEncoder() {
  const AVCodec* codec = videoFindEncoder();
  return codec ? videoCodecLabel(codec) : std::string();
}

EncoderResult openVideoFile(const std::string& path, int width, int height, int fps) {
  EncoderResult result;
  if (width < 16 || height < 16 || width > 8192 || height > 8192 || width % 2 || height % 2) {
    result.problem = EncoderProblem::BadSettings;
    result.error = path + ": video size must be even, from 16 to 8192 pixels a side (got " + std::to_string(width) +
                   "x" + std::to_string(height) + ")";
    return result;
  }
  if (fps < 1 || fps > 240) {
    result.problem = EncoderProblem::BadSettings;
    result.error = path + ": frame rate must be 1 to 240 fps (got " + std::to_string(fps) + ")";
    return result;
  }
  av_log_set_level(AV_LOG_ERROR);
  auto video = std::make_unique<FfmpegVideo>();
  result.problem = video->open(path, width, height, fps, result.error);
  if (result.problem == EncoderProblem::None) result.sink = std::move(video);
  return result;
}

#else  // built without FFmpeg

std::string availableVideoEncoder() { return ""; }

EncoderResult openVideoFile(const std::string& path, int, int, int) {
  EncoderResult result;
  result.problem = EncoderProblem::NoEncoder;
  result.error = path + ": this build has no FFmpeg (install libavcodec-dev libavformat-dev libavutil-dev "
                        "libswscale-dev and configure again); record a PNG sequence instead";
  return result;
}

#endif

}  // namespace articulab::video
