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

void expandChain(const Node& node, Model& model, DeclaredTree& declared) {
  expectObject(node, {"name", "count", "parent", "position", "spacing", "body", "joint"});
  const std::string name = readName(node["name"]);
  const int count = readCount(node["count"], kMaxChainLinks);  // the model's size: checkChainCounts
  const std::string parent = readName(node["parent"]);
  const Vector3 position = node.has("position") ? readVector3(node["position"]) : Vector3::Zero();
  const Vector3 spacing = readVector3(node["spacing"]);
  const Body body = readBody(node["body"], false);
  const JointSpec joint = readJointTemplate(node["joint"]);

  const std::string entry = node.pointer();
  for (int k = 0; k < count; ++k) {
    const std::string link = name + std::to_string(k);
    Body& linkBody = model.bodies.emplace_back(body);
    linkBody.name = link;
    declared.sources.push_back({entry, "body", "name"});

    Joint& linkJoint = model.joints.emplace_back(joint.joint);
    linkJoint.name = link + "_joint";
    linkJoint.E_pj.topRightCorner<3, 1>() = k == 0 ? position : spacing;
    JointLink& jointLink = declared.links.emplace_back(joint.link);
    jointLink.parentName = k == 0 ? parent : name + std::to_string(k - 1);
    jointLink.childName = link;
    jointLink.pointer = entry;
    jointLink.nameField = "name";
    jointLink.parentField = k == 0 ? "parent" : "name";
    jointLink.childField = "name";
  }
}

}  // namespace articulab::scene_io
