#include "engine/io/scene_chains.hpp"

#include "engine/io/scene_size.hpp"

namespace articulab::scene_io {

void checkChainCounts(const Node& list, long bodiesBefore) {
  long total = bodiesBefore;
  for (std::size_t i = 0, n = expectArray(list); i < n; ++i) {
    const Node node = list.element(i);
    if (!node.json().is_object() || !node.has("count")) continue;  // expandChain reports it in order
    total += readCount(node["count"], kMaxChainLinks);
    checkModelSize(node["count"], {total});
  }
}

void expandChain(const Node& node, std::vector<BodySpec>& bodies, std::vector<JointSpec>& joints) {
  expectObject(node, {"name", "count", "parent", "position", "spacing", "body", "joint"});
  const std::string name = readName(node["name"]);
  const int count = readCount(node["count"], kMaxChainLinks);  // the model's size: checkChainCounts
  const std::string parent = readName(node["parent"]);
  const Vector3 position = node.has("position") ? readVector3(node["position"]) : Vector3::Zero();
  const Vector3 spacing = readVector3(node["spacing"]);
  const Body body = readBody(node["body"], false);
  const JointSpec joint = readJointTemplate(node["joint"]);

  for (int k = 0; k < count; ++k) {
    const std::string link = name + std::to_string(k);
    BodySpec bodySpec{body, node.fieldPointer("body"), node.fieldPointer("name")};
    bodySpec.body.name = link;
    bodies.push_back(std::move(bodySpec));

    JointSpec jointSpec = joint;
    jointSpec.joint.name = link + "_joint";
    jointSpec.joint.E_pj.topRightCorner<3, 1>() = k == 0 ? position : spacing;
    jointSpec.parentName = k == 0 ? parent : name + std::to_string(k - 1);
    jointSpec.childName = link;
    jointSpec.pointer = node.pointer();
    jointSpec.namePointer = node.fieldPointer("name");
    jointSpec.parentPointer = node.fieldPointer(k == 0 ? "parent" : "name");
    jointSpec.childPointer = node.fieldPointer("name");
    joints.push_back(std::move(jointSpec));
  }
}

}  // namespace articulab::scene_io
